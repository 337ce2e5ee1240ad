import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCases } from '../../useCases';
import { call, errorMessage } from '../../api';
import { DomainIcon, ExternalIcon, RefreshIcon } from '../../components/layout/icons';
import '../../components/layout/layout.css';
import { measure, mirrorsOf, rankMirrors, refusedMirror, type Measurement, type RankedMirror } from './latency';

const domainRouteQuery = { queryKey: ['domainRoute'] as const, queryFn: ({ signal }: { signal: AbortSignal }) => call(useCases.domainRoute, {}, { signal }) };

/** One timed request: any answer counts (the other sites answer opaquely), a network failure or time-out does not. */
const ping = (url: string, signal: AbortSignal) => fetch(url, { mode: 'no-cors', cache: 'no-store', credentials: 'omit', signal });

function Latency({ measurement }: { measurement: Measurement }) {
  const { t } = useTranslation();
  switch (measurement.state) {
    case 'pending':
      return <span className="domain-latency is-pending">{t('layout_domains_measuring')}</span>;
    case 'ok':
      return <span className="domain-latency">{t('layout_domains_ms', { ms: measurement.ms })}</span>;
    case 'unreachable':
      return <span className="domain-latency is-bad">{t('layout_domains_unreachable')}</span>;
    case 'blocked':
      return <span className="domain-latency is-bad">{t('layout_domains_blocked')}</span>;
  }
}

/** Four bars, more of them lit the quicker the site answers. */
function SignalBars({ measurement }: { measurement: Measurement }) {
  const lit = measurement.state !== 'ok' ? 0 : measurement.ms < 150 ? 4 : measurement.ms < 400 ? 3 : measurement.ms < 1000 ? 2 : 1;
  return (
    <span className="domain-signal" aria-hidden>
      {[1, 2, 3, 4].map((bar) => (
        <span key={bar} className={bar <= lit ? 'is-lit' : undefined} style={{ height: `${bar * 25}%` }} />
      ))}
    </span>
  );
}

function MirrorRow({ mirror }: { mirror: RankedMirror }) {
  const { t } = useTranslation();
  const host = new URL(mirror.origin).host;
  return (
    <li
      className={`domain-item${mirror.fastest ? ' is-fastest' : ''}`}
      data-testid="domain-item"
      data-origin={mirror.origin}
      data-state={mirror.measurement.state}
      data-fastest={mirror.fastest ? 'true' : 'false'}
    >
      <SignalBars measurement={mirror.measurement} />
      <div className="domain-main">
        <span className="domain-host">{host}</span>
        <span className="domain-tags">
          {mirror.fastest && (
            <span className="domain-tag is-fastest" data-testid="domain-fastest">
              {t('layout_domains_fastest')}
            </span>
          )}
          {mirror.current && <span className="domain-tag">{t('layout_domains_current')}</span>}
        </span>
      </div>
      <Latency measurement={mirror.measurement} />
      <a className="btn btn-ghost btn-sm domain-open" href={mirror.origin} target="_blank" rel="noopener noreferrer" aria-label={t('layout_domains_open_host', { host })}>
        <ExternalIcon />
        <span>{t('layout_domains_open')}</span>
      </a>
    </li>
  );
}

/** The brand's mirror domains (route /domains), each timed from this browser, fastest first. */
export default function DomainList() {
  const { t } = useTranslation();
  const { data, error, isPending, refetch } = useQuery(domainRouteQuery);
  const mirrors = useMemo(() => (data ? mirrorsOf(data, window.location) : []), [data]);
  const [measurements, setMeasurements] = useState<ReadonlyMap<string, Measurement>>(new Map());
  const [round, setRound] = useState(0);
  /** The measuring round whose results are shown; an older round's late results are dropped. */
  const currentRound = useRef<object | null>(null);
  /** The sites the browser refused this page a connection to; the page's security policy stays, so they stay refused. */
  const refused = useRef(new Set<string>());

  // The site's security policy lets a page connect to its own origin and the brand's mirror domains. A site it does not
  // name (a domain added since the page loaded, or one the policy could not name) is refused by the browser, which
  // says so with a violation event: that site is shown as not measurable from here rather than as down.
  useEffect(() => {
    const onRefusal = (event: SecurityPolicyViolationEvent) => {
      const origin = refusedMirror(event, mirrors);
      if (!origin) return;
      refused.current.add(origin);
      setMeasurements((before) => (before.get(origin)?.state === 'unreachable' ? new Map(before).set(origin, { state: 'blocked' }) : before));
    };
    document.addEventListener('securitypolicyviolation', onRefusal);
    return () => document.removeEventListener('securitypolicyviolation', onRefusal);
  }, [mirrors]);

  const run = useCallback(async () => {
    const mine = {};
    currentRound.current = mine;
    setMeasurements(new Map());
    setRound((before) => before + 1);
    await Promise.all(
      mirrors.map(async (mirror) => {
        const result = await measure(mirror.origin, { ping, now: () => performance.now(), refused: () => refused.current.has(mirror.origin) });
        if (currentRound.current !== mine) return;
        setMeasurements((before) => new Map(before).set(mirror.origin, result));
      }),
    );
  }, [mirrors]);

  useEffect(() => {
    if (mirrors.length > 0) void run();
    return () => {
      currentRound.current = null;
    };
  }, [mirrors, run]);

  const ranked = rankMirrors(mirrors, measurements);
  const measuring = isPending || ranked.some((mirror) => mirror.measurement.state === 'pending');

  return (
    <div className="domain-page" data-testid="domain-list" data-measuring={measuring ? 'true' : 'false'} data-round={round}>
      <header className="domain-head">
        <span className="domain-head-icon" aria-hidden>
          <DomainIcon width={26} height={26} />
        </span>
        <div>
          <h1>{t('layout_domains_title')}</h1>
          <p>{t('layout_domains_intro')}</p>
        </div>
        <button type="button" className="btn btn-outline btn-sm" data-testid="domains-remeasure" disabled={measuring || mirrors.length === 0} onClick={() => void run()}>
          <RefreshIcon />
          {t('layout_domains_remeasure')}
        </button>
      </header>
      {isPending && <div className="area-loading" aria-busy="true" />}
      {error && (
        <div className="domain-error" role="alert">
          <p>{errorMessage(error)}</p>
          <button type="button" className="btn btn-outline btn-sm" onClick={() => void refetch()}>
            {t('layout_retry')}
          </button>
        </div>
      )}
      {data && (
        <ol className="domain-items" aria-busy={measuring}>
          {ranked.map((mirror) => (
            <MirrorRow key={mirror.origin} mirror={mirror} />
          ))}
        </ol>
      )}
    </div>
  );
}
