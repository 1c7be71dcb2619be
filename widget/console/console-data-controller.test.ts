/// <reference types="mocha" />
import { expect, fixture, html } from '@open-wc/testing'
import { LitElement, type TemplateResult } from 'lit'
import { ConsoleApiError } from './console-api.js'
import { ConsoleDataController } from './console-data-controller.js'

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((settle) => (resolve = settle))
  return { promise, resolve }
}

/** A page whose loads the test answers one by one. */
class TestConsolePage extends LitElement {
  readonly asked: { signal: AbortSignal; answer: ReturnType<typeof deferred<string>> }[] = []
  readonly page = new ConsoleDataController(this, (signal) => {
    const answer = deferred<string>()
    this.asked.push({ signal, answer })
    return answer.promise
  })

  override render(): TemplateResult {
    return html`<input id="title" aria-invalid=${this.page.errors.title ? 'true' : 'false'} /> ${this.page.alert('Fix the fields marked.')}
      ${this.page.status()}`
  }
}
customElements.define('test-console-page', TestConsolePage)

const mount = () => fixture<TestConsolePage>(html`<test-console-page></test-console-page>`)

describe('ConsoleDataController', () => {
  it('aborts a load when a newer one starts, and drops its late answer', async () => {
    const element = await mount()
    const first = element.page.load()
    const second = element.page.load()
    expect(element.asked[0]!.signal.aborted).to.equal(true)
    expect(element.asked[1]!.signal.aborted).to.equal(false)
    element.asked[1]!.answer.resolve('client B')
    await second
    element.asked[0]!.answer.resolve('client A')
    await first
    expect(element.page.data).to.equal('client B')
    expect(element.page.loading).to.equal(false)
  })

  it('aborts the load in flight when the page leaves', async () => {
    const element = await mount()
    const load = element.page.load()
    element.remove()
    expect(element.asked[0]!.signal.aborted).to.equal(true)
    element.asked[0]!.answer.resolve('too late')
    await load
    expect(element.page.data).to.equal(undefined)
  })

  it('puts a refusal beside its fields, focuses the first, and sums it up above', async () => {
    const element = await mount()
    const done = await element.page.act(async () => {
      throw new ConsoleApiError(422, 'the ad has problems', { title: 'title must not be empty' })
    })
    expect(done).to.equal(false)
    expect(element.page.errors).to.deep.equal({ title: 'title must not be empty' })
    expect(element.shadowRoot!.activeElement?.id).to.equal('title')
    expect(element.shadowRoot!.querySelector('[role="alert"]')!.textContent).to.equal('Fix the fields marked.')
    expect(element.asked.length).to.equal(0)
  })

  it('shows what an action did, loads again, and refuses a second action while one runs', async () => {
    const element = await mount()
    const write = deferred<void>()
    const acting = element.page.act(async () => {
      await write.promise
      return 'Saved.'
    })
    expect(element.page.busy).to.equal(true)
    expect(await element.page.act(async () => 'twice')).to.equal(false)
    write.resolve()
    await new Promise((resolve) => setTimeout(resolve))
    element.asked[0]!.answer.resolve('reloaded')
    expect(await acting).to.equal(true)
    await element.updateComplete
    expect(element.page.data).to.equal('reloaded')
    expect(element.shadowRoot!.querySelector('[role="status"]')!.textContent).to.equal('Saved.')
  })
})
