"""platforms"""
