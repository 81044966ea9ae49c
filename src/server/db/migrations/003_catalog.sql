-- The glass catalog (issue 5), filled from src/server/catalog/generate.ts on the first start.
-- A platform is one generation of a model in one body style: its years share their glass, as real parts do.

CREATE TABLE glass_platforms (
  platform_id integer PRIMARY KEY,
  make        text NOT NULL,
  model       text NOT NULL,
  first_year  smallint NOT NULL,
  last_year   smallint NOT NULL,
  body_style  text NOT NULL
);

CREATE TABLE vehicles (
  car_id       integer PRIMARY KEY,
  year         smallint NOT NULL,
  make         text NOT NULL,
  model        text NOT NULL,
  style        text NOT NULL,
  is_big_truck boolean NOT NULL DEFAULT false,
  platform_id  integer NOT NULL REFERENCES glass_platforms(platform_id),
  -- VIN positions 1–8 and 10: any VIN with them decodes to this car.
  vin_pattern  char(9) NOT NULL UNIQUE,
  UNIQUE (year, make, model, style)
);
CREATE INDEX vehicles_lookup ON vehicles (is_big_truck, year, make, model);

CREATE TABLE glass_parts (
  part_number   text PRIMARY KEY,
  platform_id   integer NOT NULL REFERENCES glass_platforms(platform_id),
  grp           text NOT NULL,
  location      text NOT NULL,
  glass_type    text NOT NULL,
  description   text NOT NULL,
  tint          text NOT NULL,
  features      text[] NOT NULL DEFAULT '{}',
  recalibration text NOT NULL CHECK (recalibration IN ('none','static','dynamic')),
  tempered      boolean NOT NULL,
  list_price    numeric(10,2) NOT NULL,
  labor_hours   numeric(4,2) NOT NULL
);
CREATE INDEX glass_parts_platform ON glass_parts (platform_id);
