export {
  http,
  setApiBaseUrl,
  getApiBaseUrl,
  setCsrfTokenSource,
  csrfToken,
  readCsrfMeta,
  inFlightCount,
  requestsInFlight,
  DEFAULT_API_BASE_URL,
  type RequestOptions,
  type ContentReadOptions,
} from './client.js';
export * from './errors.js';
export { answerKey, takeFirstViewAnswer, ANSWER_LIFETIME_MS, type FirstViewAnswer } from './firstAnswers.js';
export { setServerTransport, serverTransport, type ApiTransport, type TransportRequest, type TransportResponse } from './transport.js';
export * from './catalog.js';
export * from './customer.js';
export * from './commerce.js';
export * from './content.js';
export * from './postcodeLookup.js';
export * from './editorial.js';
export * from './workspace.js';
export * from './editorProducts.js';
export * from './fulfilment.js';
