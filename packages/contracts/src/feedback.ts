/**
 * Feedback and complaints (`PUT /wps/feedback`): a type, content within the word limits and up to 3 png or jpg images
 * of at most 5 MB each, checked by content; the member sees its submissions and the operator's replies.
 */

/** The feedback part of the notices service's operations. */
export const feedbackRpcMethods = {};
