/**
 * Downloads a CE course certificate (issue 16, `CECourses/GetCECertificate`) through downloadPdf. Shared by the CE
 * admins' roster and the agent's completed courses. Resolves false when it could not (the caller says so).
 */
import { callPath } from '../../lib/api/contract.ts';
import { downloadPdf } from './download.ts';

export async function downloadCeCertificate(registrationId: number): Promise<boolean> {
  const url = `${callPath({ path: 'CECourses/GetCECertificate' })}?registrationId=${registrationId}`;
  return (await downloadPdf(url, `ce-certificate-${registrationId}.pdf`)) === 'saved';
}
