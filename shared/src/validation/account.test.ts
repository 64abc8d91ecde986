import { describe, expect, it } from 'vitest'
import { zodErrorToModelState } from '../errors'
import {
  MSG_AGENT_BUSINESS_ADDRESS_REQUIRED,
  MSG_AGENT_PHONE_REQUIRED,
  MSG_COMPLETE_ALL_FIELDS,
  MSG_EMAIL_INVALID,
  MSG_EMAIL_REQUIRED,
  MSG_MUST_AGREE_TERMS,
  MSG_PASSWORD_REQUIRED,
  MSG_PASSWORD_TOO_SHORT,
  MSG_PHONE_INVALID,
} from '../messages'
import { AccountUpdateSchema, AdminUpdateUserEmailSchema, ForgotPasswordSchema, LoginSchema, RegisterSchema, ResetPasswordSchema } from './account'

const address = { lineOne: '1 George St', suburb: 'Sydney', state: 'nsw', postcode: '2000' }
const valid = {
  email: 'Jo@Example.com.au ',
  password: 'correct horse battery',
  firstName: 'Jo',
  lastName: 'Bloggs',
  accountName: 'Bloggs Pty Ltd',
  phone: '02 9999 0000',
  optedIntoCommunication: true,
  authorisedAgent: false,
  agreedTerms: true,
}

function messagesOf(result: { success: boolean; error?: unknown }) {
  if (result.success) return {}
  return zodErrorToModelState(result.error as never).modelState
}

describe('RegisterSchema', () => {
  it('accepts a complete direct applicant and normalises email and phone', () => {
    const result = RegisterSchema.parse(valid)
    expect(result.email).toBe('jo@example.com.au')
    expect(result.phone).toBe('0299990000')
  })

  it('requires the terms to be agreed', () => {
    const result = RegisterSchema.safeParse({ ...valid, agreedTerms: false })
    expect(messagesOf(result)).toEqual({ agreedTerms: [MSG_MUST_AGREE_TERMS] })
  })

  it('reports missing fields with the spec message', () => {
    const result = RegisterSchema.safeParse({ ...valid, firstName: ' ', accountName: undefined })
    expect(messagesOf(result)).toEqual({ firstName: [MSG_COMPLETE_ALL_FIELDS], accountName: [MSG_COMPLETE_ALL_FIELDS] })
  })

  it('requires a password of at least 12 characters', () => {
    expect(messagesOf(RegisterSchema.safeParse({ ...valid, password: '12345678901' }))).toEqual({ password: [MSG_PASSWORD_TOO_SHORT] })
    expect(RegisterSchema.safeParse({ ...valid, password: '123456789012' }).success).toBe(true)
  })

  it('rejects a bad email', () => {
    expect(messagesOf(RegisterSchema.safeParse({ ...valid, email: 'jo@example' }))).toEqual({ email: [MSG_EMAIL_INVALID] })
  })

  it('rejects a phone with more than 10 digits or letters', () => {
    expect(messagesOf(RegisterSchema.safeParse({ ...valid, phone: '02999900001' }))).toEqual({ phone: [MSG_PHONE_INVALID] })
    expect(messagesOf(RegisterSchema.safeParse({ ...valid, phone: '02-9999' }))).toEqual({ phone: [MSG_PHONE_INVALID] })
  })

  it('requires an authorised agent to give a valid business address and a phone', () => {
    const result = RegisterSchema.safeParse({ ...valid, authorisedAgent: true, phone: '', agentBusinessAddress: { lineOne: 'x' } })
    expect(messagesOf(result)).toEqual({
      agentBusinessAddress: [MSG_AGENT_BUSINESS_ADDRESS_REQUIRED],
      phone: [MSG_AGENT_PHONE_REQUIRED],
    })
    expect(RegisterSchema.safeParse({ ...valid, authorisedAgent: true, agentBusinessAddress: address }).success).toBe(true)
  })

  it('does not need an address for a direct applicant', () => {
    expect(RegisterSchema.safeParse({ ...valid, phone: undefined, agentBusinessAddress: null }).success).toBe(true)
  })
})

describe('LoginSchema / ForgotPasswordSchema / ResetPasswordSchema', () => {
  it('login needs email and password, recaptcha optional', () => {
    expect(LoginSchema.safeParse({ email: 'a@b.co', password: 'x' }).success).toBe(true)
    expect(messagesOf(LoginSchema.safeParse({ email: 'a@b.co', password: '' }))).toEqual({ password: [MSG_PASSWORD_REQUIRED] })
  })
  it('forgot password needs an email', () => {
    expect(ForgotPasswordSchema.parse({ email: 'A@B.co', recaptchaResponse: 't' })).toEqual({ email: 'a@b.co', recaptchaResponse: 't' })
  })
  it('reset password needs a token and a new password of 12+', () => {
    expect(ResetPasswordSchema.safeParse({ token: 'abc', password: 'long enough now' }).success).toBe(true)
    expect(ResetPasswordSchema.safeParse({ token: '', password: 'long enough now' }).success).toBe(false)
    expect(ResetPasswordSchema.safeParse({ token: 'abc', password: 'elevenchars' }).success).toBe(false)
    expect(ResetPasswordSchema.safeParse({ token: 'abc', password: 'short' }).success).toBe(false)
  })
})

describe('AccountUpdateSchema / AdminUpdateUserEmailSchema', () => {
  it('applies the agent rules on update', () => {
    const base = { firstName: 'A', lastName: 'B', accountName: 'C', authorisedAgent: true, phone: '0400000000' }
    expect(AccountUpdateSchema.safeParse(base).success).toBe(false)
    expect(AccountUpdateSchema.safeParse({ ...base, agentBusinessAddress: address }).success).toBe(true)
  })
  it('admin e-mail update says "Email is required."', () => {
    expect(messagesOf(AdminUpdateUserEmailSchema.safeParse({ userId: 3, email: '' }))).toEqual({ email: [MSG_EMAIL_REQUIRED] })
  })
})
