// The signing scheme is shared with the games service's vendor calls; it lives in the platform kit.
export { signatureMatches, timestampFresh, vendorSignature } from '@wps/platform';
