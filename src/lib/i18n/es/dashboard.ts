/** The agent dashboard's words (its agencies and the quick start), Spanish. */
import type { DictionaryOf } from '../../i18n.ts';
import type en from '../en/dashboard.ts';

export default {
  welcome: 'Bienvenido de nuevo, {name}',
  agencies: 'Sus agencias',
  none: 'Su cuenta aún no está conectada a una agencia.',
  noneHelp:
    'Parece que su cuenta no está conectada a una agencia activa. Para continuar, busque su agencia o envíe más información para tener acceso completo a su cuenta.',
  searchTitle: 'Busque su agencia',
  searchBy: 'Buscar por',
  searchTerm: 'Buscar',
  by: { AccountNumber: 'Número de cuenta', AgencyName: 'Nombre de la agencia', PrimaryPhone: 'Teléfono', Email: 'Correo electrónico' },
  search: 'Buscar',
  notFoundLink: '¿No encuentra su agencia? Cuéntenos sobre ella',
  underReview: 'La cuenta de su agencia está en revisión. Su cuenta se actualizará una vez aprobada.',
  underReviewAgency: 'Solicitada: {agency}',
  number: 'Número de agencia',
  address: 'Dirección',
  dedicated: 'Dedicada',
  parent: 'Cuenta principal',
  default: 'Predeterminada',
  makeDefault: 'Hacer predeterminada',
  active: 'Activa',
  useThis: 'Usar esta agencia',
  defaultSaved: 'Se actualizó su agencia predeterminada.',
  changed: 'Su lista de agencias cambió: ahora tiene acceso a',
  staff: 'Ha iniciado sesión como',
  workOrdersFailed: 'No pudimos cargar las órdenes de trabajo. Inténtelo de nuevo.',
  console: 'Consola de órdenes de trabajo',
  quickStart: {
    title: 'Iniciar un reclamo',
    intro: 'Escriba el código postal del asegurado y el VIN del vehículo: el reclamo se abre en el paso de los daños.',
    zip: 'Código postal del asegurado',
    vin: 'Número de identificación del vehículo (VIN)',
    vinHint: 'Opcional: sin él, elige el vehículo por año, marca y modelo.',
    start: 'Iniciar el reclamo',
  },
} satisfies DictionaryOf<typeof en>;
