import { SPEC_STATE_CODES, stateName } from '../../server/domain/states';
import { trpc } from './trpc';

// SPEC's six, a new shop's: what a picker shows until the shop's answer arrives (and in a page rendered on the server).
const STARTING = SPEC_STATE_CODES.map((code) => ({ value: code, label: stateName(code) }));

/** The states the shop ships to (D39, GET /api/shipping/zones), as a state picker lists them. */
export function useShippingStates(): { value: string; label: string }[] {
  const zones = trpc.shipping.zones.useQuery();
  return zones.data?.states.map((state) => ({ value: state.code, label: state.name })) ?? STARTING;
}
