import { AppLayout } from '../../../components/layouts/app-layout'
import { paths } from '../../../config/paths'

/** /account/login/ (spec 000 section 2). The form posts to the API in the accounts feature. */
export function LoginScreen() {
  return (
    <AppLayout title="Sign in">
      <h1>Sign in</h1>
      <form className="form" method="post" action="/api/account/login" noValidate>
        <label htmlFor="email">Email address</label>
        <input id="email" name="email" type="email" autoComplete="email" required />
        <label htmlFor="password">Password</label>
        <input id="password" name="password" type="password" autoComplete="current-password" required />
        <button type="submit">Sign in</button>
      </form>
      <p>
        <a href={paths.forgotPassword}>Forgot your password?</a> · <a href={paths.register}>Create an account</a>
      </p>
    </AppLayout>
  )
}
