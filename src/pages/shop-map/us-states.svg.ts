/**
 * The store locator's map background (issue 17, docs/decisions/029): the US state outlines of `us-atlas`
 * (states-albers-10m: already in the Albers USA projection, Alaska and Hawaii inset, 975×610), drawn once at build
 * time with d3-geo and topojson-client into a static SVG served from our own origin. No tiles, nothing fetched from
 * elsewhere; the browser only projects the points (geoAlbersUsa with the same scale and translate).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { geoPath } from 'd3-geo';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

export function GET(): Response {
  const file = createRequire(import.meta.url).resolve('us-atlas/states-albers-10m.json');
  const topo = JSON.parse(readFileSync(file, 'utf8')) as Topology<{ states: GeometryCollection; nation: GeometryCollection }>;
  const path = geoPath(null).digits(0);
  const nation = path(feature(topo, topo.objects.nation)) ?? '';
  const borders = path(mesh(topo, topo.objects.states, (a, b) => a !== b)) ?? '';
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 975 610" width="975" height="610">` +
    `<path d="${nation}" fill="#eef2f6" stroke="#8a97a6" stroke-width="1"/>` +
    `<path d="${borders}" fill="none" stroke="#b5c0cc" stroke-width="0.75"/></svg>`;
  return new Response(svg, { headers: { 'content-type': 'image/svg+xml' } });
}
