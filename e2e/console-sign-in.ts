/**
 * @module Signs a demo account in to the console the way a person does:
 * open a console page, fill svc's login form, land back on the page.
 */
import type { Page } from 'playwright-core'
import { DEMO_PASSWORD } from '../server/demo/seed-demo.js'

/**
 * Opens `base + path`, signs in as `email` with the demo password, and waits to be back.
 *
 * @example
 * await signInToConsole(page, bff.started.url, 'marketer@demo.example')
 */
export async function signInToConsole(page: Page, base: string, email: string, path = '/console'): Promise<void> {
  await page.goto(`${base}${path}`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL(`${base}${path}`)
}
