/**
 * @module Why a webhook attempt got no answer, in words a developer
 * understands: Node's network errors (`connect ECONNREFUSED 10.0.0.5:443`,
 * `ENOTFOUND`, a certificate refused by TLS…) name a code and a system
 * call, which the delivery log would otherwise show as they are. The
 * address guard's refusals and the time-out already speak plainly and pass
 * through unchanged.
 */

const TLS_CODES: Record<string, string> = {
  CERT_HAS_EXPIRED: 'its certificate has expired',
  CERT_NOT_YET_VALID: 'its certificate is not valid yet',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'its certificate chain ends in a self-signed certificate no authority vouches for',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its certificate chain is incomplete (the intermediate certificates are missing)',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'its certificate was issued by an authority svc does not trust',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its certificate is for another host name',
  ERR_SSL_WRONG_VERSION_NUMBER: 'it does not speak TLS on that port (is it plain http?)',
}

/**
 * The error of an attempt that got no answer, for the delivery log.
 *
 * @example
 * attemptError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }), new URL('http://127.0.0.1:9/'))
 * // 'connection refused: nothing accepts connections at 127.0.0.1:9'
 */
export function attemptError(error: Error & { code?: string }, target: URL): string {
  const at = `${target.hostname}:${target.port || (target.protocol === 'https:' ? '443' : '80')}`
  const tls = error.code === undefined ? undefined : TLS_CODES[error.code]
  if (tls) return `TLS failed: ${target.hostname} was refused because ${tls} (${error.code})`
  switch (error.code) {
    case 'ECONNREFUSED':
      return `connection refused: nothing accepts connections at ${at}`
    case 'ECONNRESET':
      return `the receiver at ${at} closed the connection before answering`
    case 'ENOTFOUND':
      return `the host name ${target.hostname} does not exist in DNS`
    case 'EAI_AGAIN':
      return `DNS could not resolve ${target.hostname} for now (a temporary failure)`
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `no network route to ${at}`
    case 'ETIMEDOUT':
      return `connecting to ${at} timed out`
    case 'HPE_INVALID_CONSTANT':
    case 'HPE_INVALID_STATUS':
    case 'HPE_INVALID_HEADER_TOKEN':
      return `the receiver at ${at} did not answer in HTTP`
    case 'HPE_HEADER_OVERFLOW':
      return `the receiver's answer headers were larger than 16 KB`
    default:
      if (error.code?.startsWith('ERR_SSL_') || error.code?.startsWith('ERR_TLS_') || error.code === 'EPROTO')
        return `TLS failed with ${target.hostname}: ${error.message}`
      return error.message
  }
}
