import { describe, expect, it } from 'vitest'
import { ServiceBusy } from '../refusal.js'
import { uploadSlots } from './upload-slots.js'

describe('uploadSlots', () => {
  it('refuses work past its slots with a retry, and takes it again once a slot is free', async () => {
    const slots = uploadSlots(2)
    const gates: (() => void)[] = []
    const held = () => slots.run(() => new Promise<void>((resolve) => gates.push(resolve)))
    const first = held()
    const second = held()
    const refused = await slots.run(async () => 'ran').catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(ServiceBusy)
    expect((refused as ServiceBusy).headers).toEqual({ 'Retry-After': '2' })
    gates[0]!()
    await first
    expect(await slots.run(async () => 'ran')).toBe('ran')
    // A failing upload gives its slot back too.
    await expect(slots.run(async () => Promise.reject(new Error('cut off')))).rejects.toThrow('cut off')
    expect(await slots.run(async () => 'ran')).toBe('ran')
    gates[1]!()
    await second
  })
})
