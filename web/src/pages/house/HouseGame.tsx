import { lazy, Suspense, useMemo, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { useSystem } from '../../state/system';
import { LoadingScreen } from '../../components/SystemPages';
import './house.css';

/** Each game's view is its own chunk, loaded only when its page opens: `/house/house-dice` → `games/dice.tsx`. */
const modules = import.meta.glob<{ default: ComponentType }>('./games/*.tsx');
const loaded = new Map<string, LazyExoticComponent<ComponentType>>();
const Verify = lazy(() => import('./Verify'));

function gameView(code: string): LazyExoticComponent<ComponentType> | undefined {
  const file = `./games/${code.replace(/^house-/, '')}.tsx`;
  const load = modules[file];
  if (!load) return undefined;
  let view = loaded.get(file);
  if (!view) loaded.set(file, (view = lazy(load)));
  return view;
}

/** `/house/:gameCode`: the house vendor's games in our own client, and `/house/verify`. */
export default function HouseGame() {
  const { t } = useTranslation();
  const { phase } = useSystem();
  const { gameCode = '' } = useParams();
  const View = useMemo(() => (gameCode === 'verify' ? Verify : gameView(gameCode)), [gameCode]);
  if (phase === 'loading') return <LoadingScreen />;
  return (
    <div className="house-page">
      <Suspense fallback={<div className="area-loading" aria-busy="true" />}>
        {View ? (
          <View />
        ) : (
          <p className="house-login-needed">
            {t('house_unknown_game')} <Link to="/">{t('house_back')}</Link>
          </p>
        )}
      </Suspense>
    </div>
  );
}
