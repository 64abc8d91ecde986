import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../env'
import { createGateway } from './gateway'

let server: http.Server
let port: number
beforeAll(async () => {
  const api = express()
  api.use((req, res) => void res.type('text').send(`api ${req.path}`))
  const config = loadConfig({ HOSTED_TERMS_HOSTS: 'tc.example.com, Terms.Example.net', BOT_CHECK: 'off', NODE_ENV: 'test' })
  server = createGateway({ api, config, siteDir: os.tmpdir() }).listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  port = (server.address() as AddressInfo).port
})
afterAll(() => new Promise((resolve) => server.close(resolve)))

function get(path: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
        let body = ''
        res.on('data', (chunk) => (body += chunk))
        res.on('end', () => resolve({ status: res.statusCode!, body }))
      })
      .on('error', reject)
  })
}

describe('HOSTED_TERMS_HOSTS', () => {
  it('reads a comma list of host names', () => {
    expect(loadConfig({ HOSTED_TERMS_HOSTS: 'tc.example.com, Terms.Example.net' }).HOSTED_TERMS_HOSTS).toEqual(['tc.example.com', 'terms.example.net'])
    expect(loadConfig({}).HOSTED_TERMS_HOSTS).toEqual([])
    expect(() => loadConfig({ HOSTED_TERMS_HOSTS: 'https://tc.example.com/' })).toThrow(/HOSTED_TERMS_HOSTS/)
  })

  it('a terms host serves /t/… and nothing else', async () => {
    expect(await get('/t/Ab3dE9xYz1/', 'tc.example.com')).toEqual({ status: 200, body: 'api /t/Ab3dE9xYz1/' })
    expect(await get('/t/Ab3dE9xYz1/', 'terms.example.net:8080')).toEqual({ status: 200, body: 'api /t/Ab3dE9xYz1/' })
    expect((await get('/api/health', 'tc.example.com')).status).toBe(404)
    expect((await get('/promotions/downloadterms/1', 'tc.example.com')).status).toBe(404)
    expect((await get('/', 'tc.example.com')).status).toBe(404)
  })

  it('the main host sends /t/… and /promotions/downloadterms/… to the API', async () => {
    expect((await get('/t/Ab3dE9xYz1/', 'localhost')).body).toBe('api /t/Ab3dE9xYz1/')
    expect((await get('/promotions/downloadterms/1', 'localhost')).body).toBe('api /promotions/downloadterms/1')
  })
})
