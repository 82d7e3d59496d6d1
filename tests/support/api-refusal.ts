import { SwarmApiError } from '../../src/api/errors';

/** The SwarmApiError a call of the swarm API is refused with; fails when it is not refused. */
export async function refusal(call: () => unknown): Promise<SwarmApiError> {
  try {
    await call();
  } catch (error) {
    if (error instanceof SwarmApiError) return error;
    throw error;
  }
  throw new Error('the call was not refused');
}
