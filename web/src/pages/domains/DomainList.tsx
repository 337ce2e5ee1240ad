/** DomainList. */
export default function DomainList() {
  return <div data-testid="DomainList" />;
}
