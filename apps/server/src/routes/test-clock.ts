/**
 * `POST /api/v1/test/clock` (TEST_CLOCK=on only, never in production): moves the business clock
 * forward and answers where it stands. Under /api, so signed like every other call; registered
 * only with the test clock, so without it the path is an unknown one.
 */
import { ApiPaths, envelope, testClockBody, testClockResult } from '@eav/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../lib/http';
import type { ShiftedClock } from '../lib/test-clock';

const testClockRoutes: FastifyPluginAsyncZod<{ clock: ShiftedClock }> = async (app, { clock }) => {
  app.post(
    ApiPaths.testClock,
    {
      schema: {
        hide: true,
        body: testClockBody,
        response: { 200: envelope(testClockResult) },
      },
    },
    async (request) => {
      clock.advance(request.body.advanceMs);
      request.log.info({ advanceMs: request.body.advanceMs, offsetMs: clock.offsetMs }, 'test clock moved');
      return ok({ now: clock.now(), offsetMs: clock.offsetMs });
    },
  );
};

export default testClockRoutes;
