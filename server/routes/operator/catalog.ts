import * as v from "valibot";
import { LevelParams } from "../../../domain/schemas/operator";
import { PUBLIC } from "../../lib/access";
import { defineRoute } from "../../lib/route";
import { listLevelDivisions, listOperatorOffers } from "../../services/operator/catalog";
import { OperatorDivisionDtoSchema, OperatorOfferDtoSchema } from "../../../domain/operator";

export const operatorOffers = defineRoute({
  method: "get",
  path: "/offers",
  summary: "The operator (Digital Virgo) offer per level with its per-day and per-week price in millimes (public landing page)",
  tag: "operator",
  auth: "none",
  access: PUBLIC,
  answer: v.array(OperatorOfferDtoSchema),
  response: "OperatorOfferDto[]",
  handler: async ({ deps }) => ({ payload: await listOperatorOffers(deps) }),
});

export const levelDivisions = defineRoute({
  method: "get",
  path: "/{level}/divisions",
  summary: "The classes of a level (primary, basic, secondary, baccalaureate) for the operator subscribe modal",
  tag: "operator",
  auth: "none",
  access: PUBLIC,
  answer: v.array(OperatorDivisionDtoSchema),
  params: LevelParams,
  response: "OperatorDivisionDto[]",
  handler: async ({ deps, params }) => ({ payload: await listLevelDivisions(deps, params.level) }),
});
