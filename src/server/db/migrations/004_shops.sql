-- Program shops: the glass shops that take the program's work (the provider's own shops and independent
-- program shops), located by the centroid of their ZIP. Written by seedShops (src/server/db/shops.ts).

CREATE TABLE program_shops (
  shop_id           text PRIMARY KEY,
  name              text NOT NULL,
  address_line      text NOT NULL,
  city              text NOT NULL,
  state_code        char(2) NOT NULL,
  zip_code          text NOT NULL CHECK (zip_code ~ '^[0-9]{5}$'),
  phone_number      text NOT NULL,
  latitude          double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude         double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  -- The provider's own shops: the 'ExcludeSafeliteShops' scheduling option leaves them out.
  is_provider_owned boolean NOT NULL DEFAULT false
);
-- Nearest-shop searches pre-filter on a latitude/longitude box.
CREATE INDEX program_shops_lat_lon ON program_shops (latitude, longitude);
CREATE INDEX program_shops_state ON program_shops (state_code);
CREATE INDEX program_shops_zip ON program_shops (zip_code);
