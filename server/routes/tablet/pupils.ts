import * as v from "valibot";
import { TABLET_PAGE_SIZE, TabletPupilDtoSchema, TabletPupilsQuery } from "../../../domain/tablet";
import { TABLET_DEVICE } from "../../lib/access";
import { pageMeta } from "../../lib/paging";
import { defineRoute } from "../../lib/route";
import { listTabletPupils } from "../../services/tablet/pupils";
import { tabletOf } from "./device";

export default defineRoute({
  method: "get",
  path: "/tablet/pupils",
  summary: "Class tablet only (X-Tablet-Key): its class's pupils (name, avatar, PIN state), 16 a page, searchable by name",
  tag: "tablet",
  auth: "none",
  access: TABLET_DEVICE,
  query: TabletPupilsQuery,
  answer: v.array(TabletPupilDtoSchema),
  handler: async ({ deps, query, c }) => {
    const tablet = await tabletOf(deps, c);
    const { payload, total } = await listTabletPupils(deps, tablet, query.page, query.q);
    return { payload, meta: pageMeta(query.page, TABLET_PAGE_SIZE, total) };
  },
});
