import type { DictionaryOf } from '../../i18n.ts';
import type en from '../en/account.ts';

/** The manage-account page's words, Spanish. */
export default {
  title: 'Administrar mi cuenta',
  profile: 'Su perfil',
  name: 'Nombre',
  email: 'Correo electrónico',
  role: 'Rol',
  agentNumber: 'Número de agente',
  agencies: 'Agencias',
  roles: { SFAD_Agent: 'Agente', SFAD_Admin: 'Administrador de agencia', SFAD_InternalAdmin: 'Administrador interno', SFAD_CEAdmin: 'Administrador de EC' },
  prefs: 'Preferencias de contacto',
  prefsIntro: 'Elija las alertas que recibe sobre las órdenes de trabajo de sus reclamos. Los reclamos nuevos empiezan con estas alertas; puede cambiarlas en cada reclamo.',
  byText: 'Envíenme un texto cuando',
  byEmail: 'Envíenme un correo cuando',
  events: {
    PolicyholderContact: 'Se contacte al asegurado',
    ServiceScheduled: 'Se programe el servicio',
    ServiceComplete: 'Se complete el servicio',
    SurveyComplete: 'Se complete la encuesta',
  },
  phone: 'Su número de celular para alertas por texto',
  phoneHint: 'Necesario para las alertas por texto. 10 dígitos, por ejemplo 813-555-0134.',
  save: 'Guardar las preferencias de contacto',
  saving: 'Guardando…',
  saved: 'Se guardaron sus preferencias de contacto.',
  loading: 'Cargando sus preferencias de contacto…',
  loadFailed: 'No pudimos cargar sus preferencias de contacto. Inténtelo de nuevo.',
  notForRole: 'Las preferencias de contacto son para agentes y administradores de agencia.',
  required: '(obligatorio)',
} satisfies DictionaryOf<typeof en>;
