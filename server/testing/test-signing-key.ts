/**
 * @module A signing key made once for the tests, so that each identity
 * fixture stores it instead of paying an RSA-2048 generation (about 0.2 s
 * of one core on a quiet machine, 0.6 s on a busy one) when its first token
 * is signed, and each server a test starts as a process starts signing
 * with it (`SVC_TEST_ONLY_SIGNING_KEY`, e2e/bff-process.ts). It is published
 * here and signs nothing but test tokens; the tests that rotate keys still
 * make new ones the way production does.
 */
import type { JWK } from 'jose'
import { withNewKid } from '../grants/signing-keys.js'

/** The key without a `kid`: each database that stores it names it afresh. */
export const TEST_ONLY_PRIVATE_JWK: Readonly<JWK> = {
  kty: 'RSA',
  n: 'vJPEU-KzPskSSHuacMPxwxmhpIYki-1M6XUkwSyNW_Vh3bm8teL2d2w4RzgKvwlY3uYI7XGgyx5tZYF4bFJinFkBZuXsoa42kfIsuBtXKVX0RiQ0UiOs4I6lqcl1e552JPpHXab2tOAkU9Do1DodlybRfvmjastIkY_e1Eu9a_uxugRE9fxr7P1Oc8cu45WhjlJ4QfHUP1QsJv5imSzc9GI2UNfzmYGlENz8F1o0HbU1504RSGY4pF4nJGAHBZlqe4S-72r9Kt6Df8_aJUb7pLNAztvDOHrqinss0QoI8I45XSx8QjDkkYOnj2Nvypz0GimTUGLiHFOoWTGe40JgCQ',
  e: 'AQAB',
  d: 'EyGH6LK2WIecO-To6skWJ82Gi-MH-3dxjBBUUDytgpzG9vA26C-ZrXfkew_WbJcNgF958bd2Bo_prUM7QlIBVbc54ISG7cgiGnWlJRsGTAKVAOCqENiJsKZdbCIssa6GcdiU5jgKuJgyAfF5uBNv7mZZGTaeO4wFVVnGfhHI_8FLWROeYxY_Rsmt2sXbifRGWMut4GhiK3ta1mcsY32yPXZamn2oNR3OksQfTmeKTCchSEloW37RpbC4fVsFFrZkaZEUDVhmr0AUJr7qnyCQgTXeXUkrstUrIjd112AvxsoYjm9UYEr78fQQbqaN0P1jyJc6KAcixfak0oFEl59VOQ',
  p: '_snmggLjebYAdtzKPlGyTjQQbw3dQa8tWYgRBgRCqbwUkjGZeSYwR0XXMq3Etm_pFMcsmX7nptmJS-gimYiiK1vofWDc0wZSC5zJR4iFyQB7vv09mheG9243RUO8SrmTyu41zofK9G_cEtNftmhMhRNgiLqEb7cKZh4nL0FXvyM',
  q: 'vXlIDzy-cqZbDKgRuEjJ-nhKP_p36ol4YzMdnXlKmUMc5H5qctklvZGf-sEVbOcqJvMA0ULdbMiBzyr1LVnRn5ce4E4iMsf0rt1JNXt-MH5xYdDqvuIh5iU6BQOJEl9caSAI7IefjnMGpS_FVGsmOrACgwdhVFiNC_kKn_WMzOM',
  dp: 'AiJk2O_3QdzBcj11QEJk8PzEqnl-Qf-arKZUJi3A9TULIxJhS7-DJgWywMzt2e1kEXV9rSd__0jROp6OM6UOXridYPd_whDKfShqEzxUipODdd0fN_w8eDQnKGBh4mpdj5ShRMKkc5nASTQWGCwVgAPiiiKt21W4M5TLFT1B4-s',
  dq: 'aE7PU8weEGHyt_oCn1A7GU-FmMkboRuDEiF-yUWPwuYGjuflVEqlE0KLLvGDCQwN0ZlvtsQ3v_52MAW3KftLgq8gSV3aR9h6pJWgCvhsVOgXJUFtKh61iMyvrzjuChZDeoAvSX-0YCiE3QV6fenrBt4E0_uJInUJWTEGH19_3v8',
  qi: 'd4r0n7Sq5JnivNn6wx7-Qj-U_lfgU5XmnmkJQjkKqWFk6eUkGk6UrJFsYKRBDTTkF-xIqcu-t3yrN6FuLg8qNeXR-pZ43sc6WaWuIhRe24tMgDgn9sFSBzHId-r_w9zLi8arlRXGWYOo8ITFinxYckf76JvVDv0Z76RulDU0L4o',
}

/**
 * The test key with a `kid` of its own, for one database.
 *
 * @example
 * await storeSigningKey(db, testSigningKey())
 */
export function testSigningKey(): JWK & { kid: string } {
  return withNewKid(TEST_ONLY_PRIVATE_JWK)
}
