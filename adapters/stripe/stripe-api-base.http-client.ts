import Stripe from 'stripe';

/**
 * An HTTP client for the Stripe SDK that sends every request to an API base URL of our choosing:
 * its protocol, host and port, and the SDK's path under the base's own path. The SDK's `host`,
 * `port` and `protocol` options cannot express a path prefix, and the embedded sandbox is served under
 * `/sandbox/stripe` of the app; the base is read on every request because the app learns its own
 * port only once it listens (PORT=0).
 */
export function createApiBaseHttpClient(base: () => URL): Stripe.HttpClient {
  const inner = Stripe.createNodeHttpClient();
  return {
    getClientName: () => 'node-api-base',
    makeRequest(_host, _port, path, method, headers, requestData, _protocol, timeout) {
      const url = base();
      const protocol = url.protocol === 'https:' ? 'https' : 'http';
      const port = url.port || (protocol === 'https' ? '443' : '80');
      // URL keeps an IPv6 literal in brackets; the socket wants it bare.
      const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
      const prefix = url.pathname.replace(/\/+$/, '');
      return inner.makeRequest(host, port, `${prefix}${path}`, method, headers, requestData, protocol, timeout);
    },
  };
}
