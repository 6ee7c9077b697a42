export { emailSignatureHtml } from './email-signature.js';
export { FLYER_CONTENT_SECURITY_POLICY, FLYER_PAPER_SIZES, type FlyerPaperSize, flyerHtml } from './flyer.js';
export { EMBED_HEIGHT_MESSAGE, embedUrlOf, IFRAME_DEFAULT_HEIGHT, iframeSnippet } from './iframe-snippet.js';
export { QR_PNG_SIZE, qrPng, qrSvg } from './qr-code.js';
export {
  accentColorOf,
  DEFAULT_ACCENT_COLOR,
  DEFAULT_BUTTON_LABEL,
  type SharedPage,
  type ShareInput,
  shareInputOf,
  textColorOn,
} from './share-input.js';
export {
  publicPageUrlOf,
  SHARE_ARTIFACT_PATHS,
  type ShareApiLocation,
  type ShareLinks,
  shareLinks,
  sharePathOf,
} from './share-links.js';
