/** Feedback and complaints: the form and the member's submissions with the operator's replies. */
export function FeedbackPanel() {
  return <div data-testid="feedback-panel" />;
}
