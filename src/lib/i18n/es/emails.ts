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
} satisfies DictionaryOf<typeof en>;
