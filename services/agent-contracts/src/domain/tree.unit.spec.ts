import { describe, expect, it } from 'vitest';
import { lockOrder, placeNode } from './tree.js';

describe('agent tree placement', () => {
  it('places a member without upline at the root', () => {
    expect(placeNode('12', null)).toEqual({ path: '/12/', depth: 0 });
  });

  it('places a member under its placed upline', () => {
    expect(placeNode('57', { present: true, placement: { path: '/12/', depth: 0 } })).toEqual({ path: '/12/57/', depth: 1 });
  });

  it('leaves the placement open while the upline is missing or itself unplaced', () => {
    expect(placeNode('57', { present: false })).toBeNull();
    expect(placeNode('57', { present: true, placement: null })).toBeNull();
  });

  it('orders lock ids numerically, without duplicates or nulls', () => {
    expect(lockOrder(['100', '9', null, '100'])).toEqual(['9', '100']);
    expect(lockOrder(['9223372036854775807', '9223372036854775806'])).toEqual(['9223372036854775806', '9223372036854775807']);
  });
});
