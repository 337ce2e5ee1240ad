/** The row of tabs above a sign-in form (username / SMS, e-mail / mobile); choosing one clears the form's errors. */
export function FormTabs<Name extends string>({
  tabs,
  active,
  onSelect,
  label,
  testIdPrefix,
}: {
  tabs: readonly Name[];
  active: Name;
  onSelect: (name: Name) => void;
  label: (name: Name) => string;
  testIdPrefix: string;
}) {
  return (
    <div className="login-tabs" role="tablist">
      {tabs.map((name) => (
        <button
          key={name}
          type="button"
          role="tab"
          aria-selected={active === name}
          className={`login-tab${active === name ? ' is-active' : ''}`}
          data-testid={`${testIdPrefix}-${name}`}
          onClick={() => onSelect(name)}
        >
          {label(name)}
        </button>
      ))}
    </div>
  );
}
