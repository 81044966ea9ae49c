/**
 * The client tag setup/SetupAnalytics carries (issue 17, docs/decisions/030-cobranding.md): a valid `clientTag` in the
 * page's address (the parameter's name in any case, its value by the co-brand rule: 1 to 40 of A-Z a-z 0-9 _ -), else
 * the one the tab remembers (also for an empty one). The co-brand chunk that remembers it (src/stores/cobrand.ts)
 * starts with the route guard, so on the first page a link opens it may not have stored the tag yet. An invalid tag
 * in the address sends none (the co-brand chunk forgets the remembered one for it).
 *
 * Not imported from the co-brand modules: they are a chunk of their own, and sharing one module between two lazy
 * chunks adds a chunk to every page's import map. tests/unit/client-tag.test.ts checks that both read an address alike.
 */
export function analyticsClientTag(search: string, remembered: string | null): string | null {
  for (const [k, v] of new URLSearchParams(search)) {
    if (k.toLowerCase() !== 'clienttag') continue;
    const tag = v.trim();
    // An empty one is no tag (the co-brand chunk keeps what it remembers).
    return !tag ? remembered : /^[A-Za-z0-9_-]{1,40}$/.test(tag) ? tag : null;
  }
  return remembered;
}
