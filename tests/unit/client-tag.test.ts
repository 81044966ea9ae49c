// Issue 17: the client tag the analytics session carries (src/lib/analytics-client-tag.ts, read by the route guard's
// analytics chunk) and the co-brand chunk (src/stores/cobrand.ts) read an address alike: the same parameter, the same
// rule (CLIENT_TAG). They are separate modules on purpose (separate chunks); this keeps them in step.
import { describe, expect, it } from 'vitest';
import { CLIENT_TAG } from '../../src/lib/api/cobranded.ts';
import { analyticsClientTag } from '../../src/lib/analytics-client-tag.ts';
import { clientTagOf } from '../../src/stores/cobrand.ts';

const ADDRESSES = [
  '?clientTag=harborpoint',
  '?clientTag=HarborPoint',
  '?CLIENTTAG=harbor_point-2&x=1',
  '?x=1&clienttag=abc',
  '?clientTag=%20harborpoint%20',
  '?clientTag=harbor+point',
  '?clientTag=harbor%2Fpoint',
  '?clientTag=',
  '?clientTag=&clientTag=harborpoint',
  `?clientTag=${'a'.repeat(40)}`,
  `?clientTag=${'a'.repeat(41)}`,
  '?clientTag=first&clientTag=second',
  '?clientTag=bad!&clientTag=good',
  '?xclientTag=abc',
  '?other=1',
  '',
];

describe('the client tag of an address', () => {
  it('the analytics session takes the tag the co-brand chunk follows, or none for a tag it refuses', () => {
    for (const search of ADDRESSES) {
      const followed = clientTagOf(search);
      const expected = followed ? (CLIENT_TAG.test(followed) ? followed : null) : 'remembered';
      expect(analyticsClientTag(search, 'remembered'), search).toBe(expected);
    }
  });

  it('without a tag in the address, the remembered one (or none)', () => {
    expect(analyticsClientTag('?page=2', 'harborpoint')).toBe('harborpoint');
    expect(analyticsClientTag('', null)).toBeNull();
    expect(analyticsClientTag('?clientTag=harborpoint', null)).toBe('harborpoint');
    expect(analyticsClientTag('?clientTag=no%20such%20tag', 'harborpoint')).toBeNull();
  });
});
