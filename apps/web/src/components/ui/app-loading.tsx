/**
 * First paint while the shell chunk loads (router HydrateFallback). Inline styles only: the
 * stylesheet arrives with the shell chunk itself.
 */
export function AppLoading() {
  return (
    <div role="status" aria-label="加载中" style={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }}>
      <span
        style={{
          width: 36,
          height: 36,
          borderRadius: '50%',
          border: '3px solid #dbe7ff',
          borderTopColor: '#1664ff',
          animation: 'eav-spin 0.8s linear infinite',
        }}
      />
      <style>{'@keyframes eav-spin{to{transform:rotate(360deg)}}'}</style>
    </div>
  );
}
