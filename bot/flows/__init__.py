"""Use cases: small async steps over the desk (load -> transition -> save), returning what happened."""
