import { lazy } from "react";
import { OnDemand } from "@/components/OnDemand";

const GiftSlider = lazy(() => import("./GiftSlider"));

/**
 * Where the home's gift slider goes (after the widgets): its code and its gifts load when its place comes within 200 px
 * of the screen — below the widgets on a phone, so not with the home's first screen (its chunks are also left out of
 * the signed-in preload, vite.config.ts); on a tall screen where it is in view at once, at once.
 */
export function HomeGifts() {
  return (
    <OnDemand margin="200px 0px" testId="home-gifts-marker">
      <GiftSlider />
    </OnDemand>
  );
}
