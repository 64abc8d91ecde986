import { createBrowserRouter } from 'react-router'
import { NotFound } from '../components/not-found'
import { LoginScreen } from '../features/account/components/login-screen'

export const router = createBrowserRouter([
  { path: '/account/login/', element: <LoginScreen /> },
  { path: '*', element: <NotFound /> },
])
