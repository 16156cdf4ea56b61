// Tests for this module arrive with the module.
