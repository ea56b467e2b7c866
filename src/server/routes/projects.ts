import { cancelRuns, type RunScheduler, type RunsEndedByDeletion } from "../run-queue.js";
import { Router } from "express";
import { ApiError, badRequest, notFound } from "../api-error.js";
import { nameBody, secretBody } from "../../model/api.js";
import { parseBody } from "../request-schemas.js";
import type { Store } from "../store.js";

const SECRET_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,99}$/;

async function projectOr404(store: Store, id: string) {
  const project = await store.catalog.project(id);
  if (!project) throw notFound("project", id);
  return project;
}

/** Projects, their modules and their write-only secrets (docs/api.md). */
export function projectsRouter(store: Store, queue: RunScheduler, ended: RunsEndedByDeletion): Router {
  const router = Router();
  router.get("/api/projects", async (_req, res) => {
    res.json(await store.catalog.listProjects());
  });
  router.post("/api/projects", async (req, res) => {
    const { name } = parseBody(nameBody, req.body);
    if (await store.catalog.projectByName(name))
      throw new ApiError(409, `a project named ${JSON.stringify(name)} already exists`, "name");
    res.status(201).json(await store.catalog.createProject(name));
  });
  router.get("/api/projects/:id", async (req, res) => {
    res.json(await projectOr404(store, req.params.id));
  });
  router.patch("/api/projects/:id", async (req, res) => {
    await projectOr404(store, req.params.id);
    const { name } = parseBody(nameBody, req.body);
    const same = await store.catalog.projectByName(name);
    if (same && same.id !== req.params.id)
      throw new ApiError(409, `a project named ${JSON.stringify(name)} already exists`, "name");
    res.json(await store.catalog.renameProject(req.params.id, name));
  });
  router.delete("/api/projects/:id", async (req, res) => {
    // Its runs stop first (their work, their slots, their agent connections); then its modules, tests,
    // runs and secrets go with it (ON DELETE CASCADE).
    await cancelRuns(store, queue, { projectId: req.params.id }, ended);
    if (!(await store.catalog.deleteProject(req.params.id))) throw notFound("project", req.params.id);
    res.status(204).end();
  });
  router.get("/api/projects/:id/modules", async (req, res) => {
    await projectOr404(store, req.params.id);
    res.json(await store.catalog.listModules(req.params.id));
  });
  router.post("/api/projects/:id/modules", async (req, res) => {
    await projectOr404(store, req.params.id);
    const { name } = parseBody(nameBody, req.body);
    if (await store.catalog.moduleByName(req.params.id, name)) {
      throw new ApiError(409, `this project already has a module named ${JSON.stringify(name)}`, "name");
    }
    res.status(201).json(await store.catalog.createModule(req.params.id, name));
  });
  router.get("/api/projects/:id/secrets", async (req, res) => {
    await projectOr404(store, req.params.id);
    res.json(await store.secrets.secretNames(req.params.id));
  });
  router.put("/api/projects/:id/secrets/:name", async (req, res) => {
    await projectOr404(store, req.params.id);
    const { name } = req.params;
    if (!SECRET_NAME.test(name)) {
      throw badRequest("a secret name is letters, digits and _, not starting with a digit", "name");
    }
    const { value } = parseBody(secretBody, req.body);
    // The value is never echoed: the response names the secret only.
    res.json(await store.secrets.putSecret(req.params.id, name, value));
  });
  router.delete("/api/projects/:id/secrets/:name", async (req, res) => {
    await projectOr404(store, req.params.id);
    if (!(await store.secrets.deleteSecret(req.params.id, req.params.name)))
      throw notFound("secret", req.params.name);
    res.status(204).end();
  });
  return router;
}
