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
} satisfies DictionaryOf<typeof en>;
