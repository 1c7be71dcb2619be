import { serve } from '@hono/node-server'
import { Hono } from 'hono'
const body = 'x'.repeat(2300)
const app = new Hono()
app.get('/ads/:display', (c) => {
  c.header('Content-Type', 'application/json')
  c.header('X-A', '1')
  c.header('X-B', '2')
  return c.body(body)
})
serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => console.log(JSON.stringify({ port: info.port })))
