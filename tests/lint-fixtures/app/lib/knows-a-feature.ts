// lint-expect: boundaries/dependencies
import { demo } from "../features/demo";

export const fromLib = demo;
