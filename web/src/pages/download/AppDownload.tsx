/** AppDownload. */
export default function AppDownload() {
  return <div data-testid="AppDownload" />;
}
