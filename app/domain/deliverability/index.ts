export {
  DEFAULT_POLICY,
  MANUAL_SUPPRESSION_REASONS,
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
  ManualSuppressionReason,
  SendCheck,
  SuppressionReason,
  TransitionResult,
} from "./machine";
