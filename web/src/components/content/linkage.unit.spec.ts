import { describe, expect, it } from 'vitest';
import { linkAction } from './linkage';

describe('banner and notice links', () => {
  it('launches a game by its nodeId', () => {
    expect(linkAction({ linkageType: 'GAME', linkTarget: '1024' })).toEqual({ kind: 'game', nodeId: '1024' });
    expect(linkAction({ linkageType: 'GAME', linkTarget: 'abc' })).toEqual({ kind: 'none' });
  });

  it('opens a promotion on the promotions page', () => {
    expect(linkAction({ linkageType: 'PROMOTION', linkTarget: '77' })).toEqual({ kind: 'route', path: '/promotions#77' });
    expect(linkAction({ linkageType: 'PROMOTION', linkTarget: '' })).toEqual({ kind: 'route', path: '/promotions' });
  });

  it('goes to pages of this site only', () => {
    expect(linkAction({ linkageType: 'PAGE', linkTarget: '/live' })).toEqual({ kind: 'route', path: '/live' });
    expect(linkAction({ linkageType: 'PAGE', linkTarget: '//evil.example' })).toEqual({ kind: 'none' });
    expect(linkAction({ linkageType: 'PAGE', linkTarget: 'https://evil.example' })).toEqual({ kind: 'none' });
  });

  it('opens http(s) addresses only', () => {
    expect(linkAction({ linkageType: 'URL', linkTarget: 'https://example.com/a?b=1' })).toEqual({ kind: 'external', url: 'https://example.com/a?b=1' });
    expect(linkAction({ linkageType: 'URL', linkTarget: 'javascript:alert(1)' })).toEqual({ kind: 'none' });
  });

  it('does nothing without a link', () => {
    expect(linkAction({ linkageType: 'NONE', linkTarget: '/live' })).toEqual({ kind: 'none' });
  });
});
