/** Carries the `redirect` query between the H5 accounts pages. */
export function withQuery(path: string, search: URLSearchParams): string {
  const redirect = search.get('redirect');
  return redirect ? `${path}?${new URLSearchParams({ redirect }).toString()}` : path;
}
