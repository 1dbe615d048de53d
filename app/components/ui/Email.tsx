/**
 * An email address that wraps before its "@" when its column is narrow, never in the middle of a
 * word (`break-all` cut "admin@local|host.te|st"). Give its container `break-words`, so an address
 * longer than the column still wraps rather than overflowing.
 */
export function Email({ address }: { address: string }) {
  const at = address.lastIndexOf("@");
  if (at <= 0) return <>{address}</>;
  return (
    <>
      {address.slice(0, at)}
      <wbr />
      {address.slice(at)}
    </>
  );
}
