# CMAKE generated file: DO NOT EDIT!
# Timestamp file for compiler generated dependencies management for rules_catalog_test.
