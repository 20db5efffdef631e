export {
  DEFAULT_POLICY,
  SUPPRESSION_REASONS,
  checkSend,
  deliverabilityStateSchema,
  initialState,
  machineEventFor,
  transition,
} from "./machine";
export type {
  AlertKind,
  DeliverabilityEvent,
  DeliverabilityPolicy,
  DeliverabilityState,
  Effect,
  SendCheck,
  SuppressionReason,
  TransitionResult,
} from "./machine";
