/**
 * The work-order calls these pages make, in one module the pages load on demand (`loadContracts` in
 * shared.ts). A module of its own rather than `import('…/lib/api/work-orders.ts')`: the dashboard imports that
 * file statically, and a dynamic import of a module that other chunks import statically makes the bundler add
 * a namespace helper to the chunk every page loads (docs/decisions/005).
 */
export {
  AdvanceWorkOrder,
  certificateFilename,
  certificateUrl,
  GetSurveyDetails,
  GetWorkOrderConsole,
  ResubmitFailedReferral,
  ServiceActivityDetail,
} from '../../lib/api/work-orders.ts';
