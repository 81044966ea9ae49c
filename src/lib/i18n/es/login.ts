import type { DictionaryOf } from '../../i18n.ts';
import type en from '../en/login.ts';

/** The sign-in page's words, Spanish. */
export default {
  title: 'Inicie sesión en el Portal de Agentes',
  intro: 'Presente reclamos de vidrios, siga órdenes de trabajo y administre su agencia.',
  email: 'Correo electrónico',
  password: 'Contraseña',
  submit: 'Iniciar sesión',
  signingIn: 'Iniciando sesión…',
  retry: 'Empezar de nuevo',
  failed: 'No se completó el inicio de sesión. Inténtelo de nuevo.',
  ssoTimeout: 'Su sesión expiró. Inicie sesión de nuevo.',
  signInAgain: 'Iniciar sesión de nuevo',
  network: 'No pudimos comunicarnos con el servidor. Revise su conexión e inténtelo de nuevo.',
  forgot: '¿Olvidó su contraseña?',
  createAccount: 'Crear una cuenta',
  /** The form's own checks (LoginRequestSchema's messages). */
  fields: {
    emailRequired: 'El correo electrónico es obligatorio',
    emailInvalid: 'Ingrese un correo electrónico válido',
    passwordRequired: 'La contraseña es obligatoria',
    tooLong: 'Debe tener como máximo {max} caracteres',
  },
  // issue 17: single sign-on
  sso: {
    button: 'Usar el acceso de su agencia',
    heading: 'Iniciar sesión con su agencia',
    intro: 'Si su agencia usa inicio de sesión único, elíjala o continúe con su correo electrónico de trabajo.',
    agency: 'Su agencia',
    choose: 'Elija su agencia',
    continue: 'Continuar a su agencia',
    byEmail: 'Continuar con mi correo de trabajo',
    cancel: 'Cancelar',
    noMatch: 'No hay inicio de sesión de agencia para ese correo. Inicie sesión con su contraseña o elija su agencia.',
    failed: 'No se completó el inicio de sesión con su agencia. Inténtelo de nuevo.',
    emailFirst: 'Primero ingrese su correo electrónico de trabajo.',
    modalTitle: 'Su agencia usa inicio de sesión único',
    modalText: 'Las cuentas con correos de {domain} inician sesión a través de su agencia. ¿Continuar a la página de inicio de sesión de su agencia?',
    modalConfirm: 'Continuar con inicio de sesión único',
    modalCancel: 'Usar mi contraseña',
  },
} satisfies DictionaryOf<typeof en>;
