/**
 * Digital textbooks feature (issue 4): catalogue, facets, detail, activation, my textbooks,
 * reader file streaming, reading progress, network-learning videos.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Seeder } from '../../seed';

const textbooksFeature: FastifyPluginAsyncZod = async () => {};
export default textbooksFeature;

/** Demo catalogue seeder (into an empty catalogue only). */
export const seedTextbooks: Seeder = async () => {};
