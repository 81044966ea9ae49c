import type { DictionaryOf } from '../../i18n.ts';
import type en from '../en/emails.ts';

/** The account emails (issue 14), Spanish. */
export default {
  hello: 'Hola, {name}:',
  signature: 'Portal de Agentes',
  verify: {
    subject: 'Verifique su correo electrónico para el Portal de Agentes',
    intro: 'Gracias por registrarse en el Portal de Agentes. Siga este enlace para verificar su correo electrónico y elegir su contraseña:',
    expires: 'El enlace funciona una sola vez y vence en {hours} horas. Si ya venció, la página que abre le envía uno nuevo.',
    ignore: 'Si usted no se registró, puede ignorar este correo.',
  },
  reset: {
    subject: 'Restablezca su contraseña del Portal de Agentes',
    intro: 'Recibimos una solicitud para restablecer la contraseña de su cuenta del Portal de Agentes. Siga este enlace para elegir una contraseña nueva:',
    expires: 'El enlace funciona una sola vez y vence en {minutes} minutos.',
    ignore: 'Si usted no lo pidió, puede ignorar este correo: su contraseña no cambia.',
  },
  created: {
    subject: 'Su cuenta del Portal de Agentes',
    intro: 'Un administrador de su agencia le creó una cuenta en el Portal de Agentes. Siga este enlace para elegir su contraseña:',
    expires: 'El enlace funciona una sola vez y vence en {hours} horas.',
  },
  exists: {
    subject: 'Alguien intentó registrarse con su correo electrónico',
    intro: 'Alguien (quizás usted) intentó crear una cuenta del Portal de Agentes con este correo electrónico, que ya tiene una.',
    reset: 'Si olvidó su contraseña, puede restablecerla desde la página de inicio de sesión:',
    ignore: 'Si no fue usted, puede ignorar este correo.',
  },
  helloAnyone: 'Hola:',
  passwordChanged: {
    subject: 'Se cambió la contraseña de su Portal de Agentes',
    intro: 'Se cambió la contraseña de su cuenta del Portal de Agentes y se cerraron todas las demás sesiones de su cuenta.',
    notYou: 'Si no fue usted, restablezca su contraseña ahora desde la página de inicio de sesión y llame al Centro de Atención a Agencias:',
  },
  emailChange: {
    subject: 'Confirme su nuevo correo electrónico para el Portal de Agentes',
    intro: 'Pidió usar esta dirección para su cuenta del Portal de Agentes. Siga este enlace para confirmarla:',
    expires: 'El enlace funciona una sola vez y vence en {hours} horas. Hasta que lo siga, su cuenta conserva su correo electrónico actual.',
    ignore: 'Si usted no lo pidió, puede ignorar este correo.',
  },
  emailChangeRefused: {
    subject: 'Se ofreció su correo electrónico para otra cuenta',
    intro: 'Alguien pidió usar este correo electrónico para otra cuenta del Portal de Agentes. Ya tiene su propia cuenta, así que no se puede usar y nada cambió.',
    ignore: 'Si no lo esperaba, puede ignorar este correo.',
  },
  emailChangeRequested: {
    subject: 'Se pidió cambiar el correo electrónico de su Portal de Agentes',
    intro: 'Alguien con sesión iniciada en su cuenta del Portal de Agentes pidió cambiar su correo electrónico a {email}. Enviamos un enlace a esa dirección; su correo cambia solo cuando se sigue el enlace.',
    notYou: 'Si no fue usted, cambie su contraseña ahora en Administrar mi cuenta (o restablézcala desde la página de inicio de sesión) y llame al Centro de Atención a Agencias.',
  },
  emailChanged: {
    subject: 'Se cambió el correo electrónico de su Portal de Agentes',
    intro: 'El correo electrónico de su cuenta del Portal de Agentes ahora es {email}. De ahora en adelante, inicie sesión con la nueva dirección.',
    notYou: 'Si no fue usted, llame al Centro de Atención a Agencias.',
  },
  adminRequest: {
    subject: 'Solicitud de acceso de administrador: {agency}',
    intro: '{name} ({email}) pidió ser administrador de {agency} ({number}) en el Portal de Agentes.',
    review: 'Revise la solicitud:',
  },
  adminApproved: {
    subject: 'Ahora es administrador de {agency}',
    intro: 'Se aprobó su solicitud para ser administrador de {agency}. Inicie sesión de nuevo para ver Administrar mis usuarios.',
  },
  adminDenied: {
    subject: 'No se aprobó su solicitud de acceso de administrador para {agency}',
    intro: 'No se aprobó su solicitud para ser administrador de {agency}.',
  },
  reason: 'Motivo: {reason}',
  mfaReset: {
    subject: 'Se restableció la verificación en dos pasos de su Portal de Agentes',
    intro: 'Un administrador restableció la verificación en dos pasos de su cuenta del Portal de Agentes: su aplicación de autenticación, sus códigos de recuperación y sus llaves de acceso ya no sirven para ella. Inicie sesión con su contraseña y vuelva a configurar la verificación en dos pasos en Administrar mi cuenta.',
    notYou: 'Si no lo pidió, llame al Centro de Atención a Agencias.',
  },
  ce: {
    confirmSubject: 'Confirme su inscripción: {course}',
    confirmIntro: 'Gracias por inscribirse en "{course}". Su lugar se reserva solo cuando siga este enlace:',
    confirmExpires: 'El enlace vence el {date}. La inscripción no puede terminar si no se hace clic en este enlace.',
    registeredSubject: 'Está inscrito: {course}',
    registeredIntro: 'Está inscrito en "{course}". El archivo de calendario adjunto lo agrega a su calendario.',
    waitlistedSubject: 'Está en la lista de espera: {course}',
    waitlistedIntro: '"{course}" está lleno, así que está en su lista de espera (número {position} en la fila). Cuando se libere un lugar, se le ofrece por correo al primero de la fila.',
    offerSubject: 'Hay un lugar libre para usted: {course}',
    offerIntro: 'Se liberó un lugar en "{course}" y se le reserva hasta el {date}. Confírmelo con este enlace, o el lugar pasa al siguiente de la fila:',
    offerExpiredSubject: 'Su oferta de lugar venció: {course}',
    offerExpiredIntro: 'El lugar reservado para usted en "{course}" no se confirmó a tiempo y pasó al siguiente de la fila.',
    cancelledSubject: 'Su inscripción está cancelada: {course}',
    cancelledIntro: 'Su inscripción en "{course}" está cancelada. El archivo de calendario adjunto lo quita de su calendario.',
    updatedSubject: 'Cambiaron los datos del curso: {course}',
    updatedIntro: 'Cambiaron los datos de "{course}". El archivo de calendario adjunto actualiza su calendario.',
    courseCancelledSubject: 'Curso cancelado: {course}',
    courseCancelledIntro: 'Lo sentimos: "{course}" está cancelado. El archivo de calendario adjunto lo quita de su calendario.',
    when: 'Cuándo: {start} a {end} ({zone})',
    where: 'Dónde: {place}',
    webinar: 'Únase al seminario web: {url}',
    credits: 'Horas de crédito: {hours}',
    myCourses: 'Sus cursos:',
  },
} satisfies DictionaryOf<typeof en>;
