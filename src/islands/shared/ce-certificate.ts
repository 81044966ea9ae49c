/**
 * Downloads a CE course certificate (issue 16, `CECourses/GetCECertificate`): the call needs the bearer token, so the
 * PDF is fetched and saved through a blob URL under the server's file name. Shared by the CE admins' roster and the
 * agent's completed courses. Resolves false when it could not (the caller says so).
 */
import { callPath } from '../../lib/api/contract.ts';
import { APP_NAME, HEADER_APP_NAME } from '../../lib/constants.ts';
import { $session, handleUnauthorized } from '../../stores/session.ts';

export async function downloadCeCertificate(registrationId: number): Promise<boolean> {
  try {
    const token = $session.get()?.accessToken;
    const res = await fetch(`${callPath({ path: 'CECourses/GetCECertificate' })}?registrationId=${registrationId}`, {
      headers: { Accept: 'application/pdf', [HEADER_APP_NAME]: APP_NAME, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      credentials: 'same-origin',
      cache: 'no-store',
    });
    if (res.status === 401) {
      void handleUnauthorized();
      return false;
    }
    if (!res.ok) return false;
    const name = /filename="?([^";]+)"?/i.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? `ce-certificate-${registrationId}.pdf`;
    const url = URL.createObjectURL(await res.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    return true;
  } catch {
    return false;
  }
}
